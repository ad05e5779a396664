/**
 * The version of the insight figures' rules and shape, stored with each aggregate. Bump it when
 * either changes: stored figures of another version are rebuilt before they are shown.
 */
export const INSIGHTS_METHOD = 3;

/**
 * The SHA-256 of the figures the builder makes of one fixed world under INSIGHTS_METHOD
 * (`modules/insights/insights-method.test.ts`): the test fails when they change, and says to bump
 * INSIGHTS_METHOD and set this to the new value.
 */
export const INSIGHTS_METHOD_FINGERPRINT =
  '3e551756d73e8122a6482a1123c702d24fdabd09e17a77d47faf74c6787a79de';
