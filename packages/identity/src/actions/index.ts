/**
 * The actions the pool answers at `POST /identity/`, by the name in `X-Amz-Target`
 * (`AWSCognitoIdentityProviderService.<name>`): one module each, in this folder.
 */
import { type Action, action } from './action.ts';
import * as AssociateSoftwareToken from './AssociateSoftwareToken.ts';
import * as ChangePassword from './ChangePassword.ts';
import * as CompleteWebAuthnRegistration from './CompleteWebAuthnRegistration.ts';
import * as ConfirmDevice from './ConfirmDevice.ts';
import * as ConfirmForgotPassword from './ConfirmForgotPassword.ts';
import * as DeleteWebAuthnCredential from './DeleteWebAuthnCredential.ts';
import * as ForgetDevice from './ForgetDevice.ts';
import * as ForgotPassword from './ForgotPassword.ts';
import * as GetTokensFromRefreshToken from './GetTokensFromRefreshToken.ts';
import * as GetUser from './GetUser.ts';
import * as GetUserAuthFactors from './GetUserAuthFactors.ts';
import * as GlobalSignOut from './GlobalSignOut.ts';
import * as InitiateAuth from './InitiateAuth.ts';
import * as ListDevices from './ListDevices.ts';
import * as ListWebAuthnCredentials from './ListWebAuthnCredentials.ts';
import * as RespondToAuthChallenge from './RespondToAuthChallenge.ts';
import * as RevokeToken from './RevokeToken.ts';
import * as SetUserMFAPreference from './SetUserMFAPreference.ts';
import * as StartWebAuthnRegistration from './StartWebAuthnRegistration.ts';
import * as UpdateDeviceStatus from './UpdateDeviceStatus.ts';
import * as VerifySoftwareToken from './VerifySoftwareToken.ts';

export const ACTIONS: Readonly<Record<string, Action>> = {
  AssociateSoftwareToken: action(AssociateSoftwareToken),
  ChangePassword: action(ChangePassword),
  CompleteWebAuthnRegistration: action(CompleteWebAuthnRegistration),
  ConfirmDevice: action(ConfirmDevice),
  ConfirmForgotPassword: action(ConfirmForgotPassword),
  DeleteWebAuthnCredential: action(DeleteWebAuthnCredential),
  ForgetDevice: action(ForgetDevice),
  ForgotPassword: action(ForgotPassword),
  GetTokensFromRefreshToken: action(GetTokensFromRefreshToken),
  GetUser: action(GetUser),
  GetUserAuthFactors: action(GetUserAuthFactors),
  GlobalSignOut: action(GlobalSignOut),
  InitiateAuth: action(InitiateAuth),
  ListDevices: action(ListDevices),
  ListWebAuthnCredentials: action(ListWebAuthnCredentials),
  RespondToAuthChallenge: action(RespondToAuthChallenge),
  RevokeToken: action(RevokeToken),
  SetUserMFAPreference: action(SetUserMFAPreference),
  StartWebAuthnRegistration: action(StartWebAuthnRegistration),
  UpdateDeviceStatus: action(UpdateDeviceStatus),
  VerifySoftwareToken: action(VerifySoftwareToken),
};
