// Entry point of `npm run reference`: the reference server's bin (ppapi-reference), run from the clone.
import '@ppapi/reference-server/bin/reference';
