// `npm start`: builds the web app if its sources changed, then runs the server
// (migrations, demo world on an empty database, http://localhost:3000).
import { buildWebIfNeeded } from './web-build.ts';

buildWebIfNeeded();
await import('../apps/server/src/main.ts');
