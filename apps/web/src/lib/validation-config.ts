import { config } from 'zod';

// The server's Content-Security-Policy allows no eval. Zod would probe for it (new Function) on
// its first object parse, which the browser reports as a policy violation; its interpreter is
// quick enough for the forms and responses of this app.
config({ jitless: true });
