// Entry point of `npm run receiver`: the mock receiver's bin (ppapi-receiver), run from the clone.
import '@ppapi/webhook-receiver/bin/receiver';
