// What a "not observable" rule must say for itself. Such a rule gets no check, so its reason is the only thing
// standing between it and a hole: it must name what a client cannot see, and it must fit the rule's own words.
// A rule that describes an answer to a request is observable unless its reason says why no request the suite
// can make produces (or lets it judge) that answer; a reason that calls something "not shown" must not be
// contradicted by the rule naming it, and must lean on a rule that records that gap.
import type { Rule } from '../model';
import { NOT_SHOWN_REASON } from './define';

/** Words that name what a black-box client cannot see or cause. */
const BLIND_SPOT =
  /\bnot (visible|exposed|shown|part of|recordable)\b|\bcannot\b|\bno (documented|route|copy)\b|\breserved\b|\binternal\b|\bguidance to clients\b|\bone run\b|\bneither\b|\bno observation\b/i;

/** Rule text describing what a deployment answers to a request (a status, a code, "returns", "answers"). */
const DESCRIBES_ANSWER = /\b(answers?|returns?|responds?)\b|\bstatus [1-5]\d\d\b|\b[1-5]\d\d `?[A-Z][A-Z_]+/i;

/** Reasons that say why no request of the suite's can produce or judge that answer. */
const NO_SUCH_REQUEST =
  /\bno documented (condition|request)\b|\breserved\b|\bcannot (cause|build|be reached|write)\b|\bkeys cannot\b|\bno copy to compare\b/i;

/** A reason that defers to guidance: the rule must be advice to clients, not behaviour of a deployment. */
const GUIDANCE_REASON = /^Guidance to clients\b/;
const GUIDANCE_TEXT = /\bclient\b|\bguidance\b|\bnot reliable indicators\b|\bmatch on\b/i;

/** Rule ids quoted in a reason (`LIMIT-20`, `ERR-RATE_LIMIT_EXCEEDED`, `STATE-31`). */
const RULE_ID = /\b[A-Z]+(?:-[A-Z0-9_]+)+\b/g;

/** "X are not shown (ID)": the gap a reason leans on. */
const NOT_SHOWN_CITATION = /not shown \(([A-Z]+(?:-[A-Z0-9_]+)+)\)/g;

/** A method and path in backticks, as the rule texts name routes. */
const NAMES_ROUTE = /`(GET|POST|PATCH|DELETE) \/[^`]*`/;

/** Problems of one not-observable rule against the catalogue (`all`); an empty list when its reason holds. */
export function notObservableProblems(rule: Rule, all: readonly Rule[]): string[] {
  if (rule.class !== 'not-observable') return [];
  const reason = (rule.notTestedReason ?? '').trim();
  const problems: string[] = [];
  if (reason.split(/\s+/).length < 6) problems.push('gives no reason of its own (at least a sentence)');
  if (reason === NOT_SHOWN_REASON) problems.push('gives the not-shown reason: the rule is a gap, not an unseen rule');
  if (!/[.)]$/.test(reason)) problems.push('its reason is not a finished sentence');
  if (!BLIND_SPOT.test(reason)) problems.push('its reason does not name what a client cannot see or cause');

  if (DESCRIBES_ANSWER.test(rule.text) && !GUIDANCE_REASON.test(reason) && !NO_SUCH_REQUEST.test(reason))
    problems.push(
      'the rule describes an answer to a request, and its reason does not say why no request can produce or judge it',
    );
  if (GUIDANCE_REASON.test(reason) && rule.level === 'MUST' && !GUIDANCE_TEXT.test(rule.text))
    problems.push('its reason calls it guidance to clients, but the rule states what a deployment must do');
  if (/\bpath\b[^.;]*\bnot shown\b/i.test(reason) && NAMES_ROUTE.test(rule.text))
    problems.push('its reason says the path is not shown, but the rule names the route');

  const ids = new Set(all.map((r) => r.id));
  for (const cited of reason.match(RULE_ID) ?? [])
    if (!ids.has(cited)) problems.push(`its reason cites ${cited}, which is not in the catalogue`);
  for (const [, cited] of reason.matchAll(NOT_SHOWN_CITATION)) {
    const gap = all.find((r) => r.id === cited);
    if (gap && gap.class !== 'not-shown')
      problems.push(`its reason cites ${cited} as not shown, but ${cited} is ${gap.class}`);
  }
  return problems;
}
