// `tsx scripts/worker.ts`: a webhook worker process beside the reference server (bin ppapi-reference-worker; see reference-server/bin/worker.ts).
import '@ppapi/reference-server/bin/worker';
