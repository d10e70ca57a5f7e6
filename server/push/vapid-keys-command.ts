// `npm run server:vapid-keys`: a new VAPID key pair for Web Push, printed as
// the environment lines the server reads (docs/server.md). Keep the private
// key secret; a new pair means every browser subscribes again.
import { newVapidKeyLines } from './push-sender'

process.stdout.write(newVapidKeyLines())
