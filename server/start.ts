// `npm start`: build the app if it is missing or stale, then serve (migrations and the demo seed run on start).
import { buildIfStale } from './site/build-if-stale.ts'
import { projectRoot, runFromCommandLine } from './main.ts'

buildIfStale(projectRoot)
await runFromCommandLine()
