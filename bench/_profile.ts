import { projectionRebuild } from './projection-rebuild.js';
const r = await projectionRebuild();
console.log(JSON.stringify(r.details, null, 1));
process.exit(0);
