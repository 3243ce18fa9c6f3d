// Generated from the registry (support/shards.ts): the self-tests of the checks in shard 6.
import { describeShard } from '../support/shard-suite';

describeShard(6);
