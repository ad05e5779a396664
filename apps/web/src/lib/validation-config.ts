// The server's Content-Security-Policy allows no eval. Zod would probe for it (new Function) on
// its first object parse, which the browser reports as a policy violation; its interpreter is
// quick enough for the forms and responses of this app.
//
// Zod keeps its settings on `globalThis.__zod_globalConfig` (shared by every copy of zod) and
// reads them when it loads, so they are put there before it does: the entry then needs none of
// zod's code, which arrives with the first screen that validates with a schema.
// `validation-config.test.ts` checks that zod takes the setting up.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
// Changed in place: a zod already loaded holds on to the object it found.
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
