// Generated from the registry (support/shards.ts): the self-tests of the checks in shard 12.
import { describeShard } from '../support/shard-suite';

describeShard(12);
