// Entry point of `npm run receiver-test`: the receiver tester's bin (ppapi-receiver-test), run from the clone.
import '@ppapi/conformance/bin/receiver-test';
