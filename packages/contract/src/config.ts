import { z } from 'zod';

export const ZSalesforceUrl = z.object({ baseUrl: z.string() }).meta({ id: 'SalesforceUrl' });
export type TSalesforceUrl = z.infer<typeof ZSalesforceUrl>;

/**
 * Identity pool the browser signs in to. `endpoint` is present when the embedded identity
 * service is used (aws-amplify's `userPoolEndpoint`); absent for AWS Cognito.
 */
export const ZCognitoConfig = z
  .object({
    poolId: z.string(),
    clientId: z.string(),
    endpoint: z.string().optional(),
    region: z.string().optional(),
    demoMode: z.boolean().optional(),
  })
  .meta({ id: 'CognitoConfig' });
export type TCognitoConfig = z.infer<typeof ZCognitoConfig>;

/** Public facts about this deployment that the web app needs before sign-in. */
export const ZAppConfig = z
  .object({
    demoMode: z.boolean(),
    supportEmail: z.string(),
    identity: z.enum(['embedded', 'cognito']),
    version: z.string(),
  })
  .meta({ id: 'AppConfig' });
export type TAppConfig = z.infer<typeof ZAppConfig>;
