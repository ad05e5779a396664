/**
 * The version of the insight figures' rules and shape, stored with each aggregate. Bump it when
 * either changes: stored figures of another version are rebuilt before they are shown.
 */
export const INSIGHTS_METHOD = 3;
