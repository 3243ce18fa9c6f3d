// Generated from the registry (support/shards.ts): the self-tests of the checks in shard 9.
import { describeShard } from '../support/shard-suite';

describeShard(9);
