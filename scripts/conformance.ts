// Entry point of `npm run conformance`: the suite's bin (ppapi-conformance), run from the clone.
import '@ppapi/conformance/bin/conformance';
