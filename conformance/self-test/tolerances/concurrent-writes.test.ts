// Other checks write while a check reads: a correct deployment's counts move between two reads. The totals check
// must pass such a deployment (its page of one is judged against full reads just before and after it) and still
// fail one that counts the page. Here the proxy stands in for a steady writer: every filtered list it answers has
// one matching item more than the answer before (copies of its first item, counted in meta.total).
import { filteredTotalsCountTheMatchingItems, pagesPartitionEveryList } from '../../src/checks/pagination/lists';
import { startBrokenDeployment, type Fault } from '../support/broken';
import { isListAnswer, mapJson } from '../support/faults';
import { meta } from '../support/platform-fault-helpers';
import { explain, runAll } from '../support/run';
import { useReferenceServer } from '../support/use-reference-server';

const FILTERS = ['status', 'search', 'propertyId', 'tenantId', 'contractId', 'from', 'to', 'type'];
const isFilteredList = (query: URLSearchParams): boolean => FILTERS.some((p) => query.has(p));

function steadyWriter(countsThePage: boolean): Fault {
  let added = 0;
  return mapJson(
    `one matching item more on every filtered read${countsThePage ? ', and meta.total the length of the page' : ''}`,
    (q, r) => isFilteredList(q.query) && isListAnswer(r),
    (b, q) => {
      const data = b.data as unknown[];
      if (data.length === 0) return b; // nothing matches: nothing to copy, the list stays empty
      added += 1;
      const limit = Number(q.query.get('limit') ?? 20);
      const grown = [...data, ...Array.from({ length: added }, () => data[0])].slice(0, limit);
      return {
        ...b,
        data: grown,
        meta: { ...meta(b), total: countsThePage ? grown.length : Number(meta(b).total) + added },
      };
    },
  );
}

describe('pagination.filteredTotalsCountTheMatchingItems while the data moves', () => {
  const server = useReferenceServer();

  async function verdict(fault: Fault): Promise<{ status: string; explained: string }> {
    const deployment = await startBrokenDeployment(server.reference.origin, fault);
    try {
      const [result] = await runAll([filteredTotalsCountTheMatchingItems], {
        ...server.target,
        baseUrl: deployment.baseUrl,
      });
      return { status: result.status, explained: explain(result) };
    } finally {
      await deployment.stop();
    }
  }

  it('passes a deployment whose matching items grow between every two reads', async () => {
    const { status, explained } = await verdict(steadyWriter(false));
    expect({ status, explained }).toMatchObject({ status: 'passed' });
  }, 300_000);

  it('fails the same deployment when it counts the page instead of the matching items', async () => {
    expect((await verdict(steadyWriter(true))).status).toBe('failed');
  }, 300_000);
});

describe('pagination.pagesPartitionEveryList while the data moves', () => {
  const server = useReferenceServer();

  /** A list some writer grows between every two reads: each answer counts one item more than the one before. */
  function growingTotals(): Fault {
    let reads = 0;
    return mapJson(
      'meta.total one more on every list read',
      (q, r) => !isFilteredList(q.query) && isListAnswer(r),
      (b) => ({ ...b, meta: { ...meta(b), total: Number(meta(b).total) + ++reads } }),
    );
  }

  it('is not failed by a list that never holds still: the walks it could not judge are named', async () => {
    const deployment = await startBrokenDeployment(server.reference.origin, growingTotals());
    try {
      const [result] = await runAll([pagesPartitionEveryList], { ...server.target, baseUrl: deployment.baseUrl });
      expect({ status: result.status, explained: explain(result) }).toEqual({
        status: 'skipped',
        explained: expect.stringContaining('kept moving under concurrent writes') as unknown,
      });
    } finally {
      await deployment.stop();
    }
  }, 300_000);
});
