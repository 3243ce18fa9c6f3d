// Joi → JSON Schema (OpenAPI 3.1 dialect, i.e. JSON Schema 2020-12) for the document. The schemas come from
// the very Joi objects Hapi validates with, so the document cannot describe a shape the server does not check.
// joi-to-json does the bulk of the work from `describe()`; this module prepares the description first
// (labelled schemas become named components, conditional keys, pattern objects, custom rules, integer
// detection) and tidies the result afterwards (references, nullable references, forbidden keys).
import Joi from 'joi';
import parse from 'joi-to-json';

export type JsonSchema = { [keyword: string]: unknown };

/** A `describe()` node: Joi's own type is loose, so it is read defensively. */
interface Desc {
  type?: string;
  flags?: Record<string, unknown>;
  rules?: Array<{ name: string; args?: Record<string, unknown> }>;
  allow?: unknown[];
  metas?: Array<Record<string, unknown>>;
  keys?: Record<string, Desc>;
  items?: Desc[];
  ordered?: Desc[];
  matches?: Array<{ schema?: Desc; ref?: unknown; is?: Desc; then?: Desc; otherwise?: Desc; switch?: unknown[] }>;
  whens?: Array<{ ref?: { path?: unknown[] }; is?: Desc; then?: Desc; otherwise?: Desc; switch?: unknown[] }>;
  patterns?: Array<{ schema?: Desc; regex?: string; rule?: Desc }>;
  dependencies?: Array<{ rel: string; peers?: string[]; key?: string | null }>;
  [other: string]: unknown;
}

/** How a schema is used: multipart bodies turn file parts into binary strings. */
export type SchemaUse = 'json' | 'multipart';

/** Component names come from Joi `.label()`s that look like type names (field labels are lower case). */
const COMPONENT_LABEL = /^[A-Z][A-Za-z0-9._-]*$/;
const REF = 'x-joi-ref';
const REF_NULLABLE = 'x-joi-nullable';
const PROPERTY_NAMES = 'x-joi-property-names';
const ADDITIONAL = 'x-joi-additional';
const CUSTOM_RULES = 'x-joi-custom-rules';
/** JSON Schema keywords joi-to-json does not produce, merged in as they are. */
const KEYWORDS = 'x-joi-keywords';

/** Custom rules whose description names a JSON Schema format. */
const CUSTOM_FORMATS: Readonly<Record<string, string>> = { 'calendar date': 'date' };

/** describe() output may carry functions (custom methods); they mean nothing to JSON Schema, so a JSON copy. */
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value ?? null)) as T;

const isJoiOverride = (v: unknown): boolean =>
  typeof v === 'object' && v !== null && (v as { override?: unknown }).override === true;

export interface ConversionWarning {
  readonly where: string;
  readonly message: string;
}

/**
 * Converts Joi schemas and collects the named ones in `components`. One registry per document: a label used by
 * two different shapes gets a numbered second name (and a warning) rather than silently describing one of them.
 */
export class SchemaRegistry {
  readonly components: Record<string, JsonSchema> = {};
  readonly warnings: ConversionWarning[] = [];
  private readonly canonicalByName = new Map<string, string>();
  private readonly nameByCanonical = new Map<string, string>();

  convert(schema: Joi.Schema, use: SchemaUse, where: string): JsonSchema {
    try {
      return this.convertDesc(clone(schema.describe() as Desc), use, where);
    } catch (err) {
      this.warnings.push({ where, message: `not converted (${(err as Error).message}); described as any value` });
      return { description: 'Schema not available in this document.' };
    }
  }

  /** Splits an object schema (query, params, headers) into its properties, for parameters. */
  convertObjectKeys(
    schema: Joi.Schema,
    use: SchemaUse,
    where: string,
  ): { properties: Record<string, JsonSchema>; required: Set<string>; rules: string[] } {
    const desc = clone(schema.describe() as Desc);
    // Parameters are listed one by one: a label on the whole query object must not turn it into a reference.
    if (desc.flags) delete desc.flags.label;
    const rules = describeObjectRules(desc);
    const converted = this.convertDesc(desc, use, where);
    return {
      properties: (converted.properties as Record<string, JsonSchema> | undefined) ?? {},
      required: new Set((converted.required as string[] | undefined) ?? []),
      rules,
    };
  }

  private convertDesc(desc: Desc, use: SchemaUse, where: string): JsonSchema {
    const prepared = this.prepare(desc, use, where);
    const fake = { describe: () => prepared } as unknown as Joi.Schema;
    const raw = parse(fake, 'open-api-3.1', {}, {}) as JsonSchema;
    return finish(raw) as JsonSchema;
  }

  /** The component form of a labelled node: presence, nullability and default belong to where it is used. */
  private bare(desc: Desc): { desc: Desc; nullable: boolean } {
    const flags = { ...desc.flags };
    delete flags.presence;
    delete flags.default;
    const allow = (desc.allow ?? []).filter((v) => v !== null && !isJoiOverride(v));
    const nullable = (desc.allow ?? []).includes(null);
    const out: Desc = { ...desc, flags };
    if (allow.length > 0) out.allow = desc.allow!.filter((v) => v !== null);
    else delete out.allow;
    return { desc: out, nullable };
  }

  private nameFor(label: string, canonical: string, where: string): { name: string; isNew: boolean } {
    const known = this.nameByCanonical.get(canonical);
    if (known !== undefined) return { name: known, isNew: false };
    let name = label;
    for (let n = 2; this.canonicalByName.has(name); n++) name = `${label}${n}`;
    if (name !== label)
      this.warnings.push({
        where,
        message: `label ${label} is used by two different shapes; the second is named ${name}`,
      });
    this.canonicalByName.set(name, canonical);
    this.nameByCanonical.set(canonical, name);
    return { name, isNew: true };
  }

  private prepare(node: Desc, use: SchemaUse, where: string): Desc {
    const label = node.flags?.label;
    const extractable =
      typeof label === 'string' &&
      COMPONENT_LABEL.test(label) &&
      ['object', 'array', 'alternatives'].includes(node.type ?? '');
    if (extractable) {
      const { desc: bareDesc, nullable } = this.bare(node);
      const canonical = JSON.stringify(bareDesc);
      const { name, isNew } = this.nameFor(label, canonical, where);
      if (isNew) {
        const inner: Desc = { ...bareDesc, flags: { ...bareDesc.flags } };
        delete inner.flags!.label;
        this.components[name] = this.convertDesc(inner, use, `${where} > ${name}`);
      }
      const presence = node.flags?.presence;
      return {
        type: 'any',
        flags: presence === undefined ? {} : { presence },
        metas: [{ [REF]: name, [REF_NULLABLE]: nullable }],
      };
    }

    const out: Desc = { ...node };
    // Joi.when(ref, { is, then, otherwise: forbidden }): the key exists only under the condition.
    const conditional = this.unwrapConditional(out, use, where);
    if (conditional) return conditional;

    if (out.keys)
      out.keys = Object.fromEntries(
        Object.entries(out.keys).map(([k, v]) => [k, this.prepare(v, use, `${where}.${k}`)]),
      );
    if (out.items) out.items = out.items.map((item) => this.prepare(item, use, `${where}[]`));
    if (out.ordered) out.ordered = out.ordered.map((item) => this.prepare(item, use, `${where}[]`));
    if (out.matches) {
      out.matches = out.matches.map((m) => ({
        ...m,
        ...(m.schema ? { schema: this.prepare(m.schema, use, where) } : {}),
        ...(m.then ? { then: this.prepare(m.then, use, where) } : {}),
        ...(m.otherwise ? { otherwise: this.prepare(m.otherwise, use, where) } : {}),
      }));
    }
    if (out.whens) {
      out.whens = out.whens.map((w) => ({
        ...w,
        ...(w.then ? { then: this.prepare(w.then, use, where) } : {}),
        ...(w.otherwise ? { otherwise: this.prepare(w.otherwise, use, where) } : {}),
      }));
    }
    this.preparePatterns(out, use, where);
    prepareRules(out);
    if (use === 'multipart' && out.type === 'any' && (out.rules ?? []).some((r) => r.name === 'custom')) {
      // A file part (storage/upload.ts `filePart`): sent as a binary part with a filename.
      return {
        type: 'string',
        flags: out.flags?.presence === undefined ? {} : { presence: out.flags.presence },
        metas: [{ format: 'binary', contentMediaType: 'application/octet-stream' }],
      };
    }
    return out;
  }

  private unwrapConditional(node: Desc, use: SchemaUse, where: string): Desc | undefined {
    if (node.whens?.length !== 1) return undefined;
    const when = node.whens[0];
    if (
      !when.then ||
      !when.otherwise ||
      when.otherwise.flags?.presence !== 'forbidden' ||
      !Array.isArray(when.ref?.path)
    )
      return undefined;
    const refName = when.ref.path.join('.');
    const values = (when.is?.allow ?? []).filter((v) => !isJoiOverride(v)).map((v) => JSON.stringify(v));
    const condition = values.length > 0 ? `${refName}=${values.join(' or ')}` : refName;
    const inner = this.prepare(when.then, use, where);
    const previous = typeof inner.flags?.description === 'string' ? `${inner.flags.description} ` : '';
    return {
      ...inner,
      flags: { ...inner.flags, description: `${previous}Only with ${condition}; refused otherwise.` },
    };
  }

  private preparePatterns(node: Desc, use: SchemaUse, where: string): void {
    if (!node.patterns || node.type !== 'object') return;
    const keyed = node.patterns.filter((p) => p.schema && p.rule && p.regex === undefined);
    if (keyed.length === 0) return;
    if (keyed.length > 1) this.warnings.push({ where, message: 'several key patterns: only the first is described' });
    const pattern = keyed[0];
    const propertyNames = this.convertDesc(pattern.schema!, use, `${where}{key}`);
    const additional = this.convertDesc(pattern.rule!, use, `${where}{value}`);
    node.patterns = node.patterns.filter((p) => !keyed.includes(p));
    node.metas = [...(node.metas ?? []), { [PROPERTY_NAMES]: propertyNames, [ADDITIONAL]: additional }];
  }
}

/** Rules joi-to-json reads positionally or not at all. */
function prepareRules(node: Desc): void {
  const rules = node.rules ?? [];
  // joi-to-json only sees `integer` as the first rule.
  if (node.type === 'number') {
    const integer = rules.findIndex((r) => r.name === 'integer');
    if (integer > 0) node.rules = [rules[integer], ...rules.filter((_, i) => i !== integer)];
  }
  const customs = rules
    .filter((r) => r.name === 'custom')
    .map((r) => r.args?.description)
    .filter((d): d is string => typeof d === 'string');
  const metas: Array<Record<string, unknown>> = [];
  const notes: string[] = [];
  for (const description of customs) {
    const format = CUSTOM_FORMATS[description];
    if (format) metas.push({ format });
    else notes.push(description);
  }
  if (notes.length > 0) metas.push({ [CUSTOM_RULES]: notes });
  // Joi strings refuse '' unless allowed (or emptied to undefined): say so, as minLength 1.
  if (node.type === 'string') {
    const hasLength = rules.some((r) =>
      [
        'min',
        'length',
        'pattern',
        'guid',
        'uuid',
        'email',
        'uri',
        'isoDate',
        'hex',
        'base64',
        'alphanum',
        'token',
      ].includes(r.name),
    );
    const allowsEmpty = (node.allow ?? []).includes('') || node.flags?.empty !== undefined;
    const isEnum = node.flags?.only === true;
    if (!hasLength && !allowsEmpty && !isEnum && !customs.includes('calendar date'))
      node.rules = [...(node.rules ?? []), { name: 'min', args: { limit: 1 } }];
  }
  // Object key counts (`.min(1)` on PATCH bodies) are not converted by joi-to-json.
  if (node.type === 'object') {
    const keywords: Record<string, number> = {};
    for (const rule of rules) {
      const limit = rule.args?.limit;
      if (typeof limit !== 'number') continue;
      if (rule.name === 'min') keywords.minProperties = limit;
      if (rule.name === 'max') keywords.maxProperties = limit;
      if (rule.name === 'length') keywords.minProperties = keywords.maxProperties = limit;
    }
    if (Object.keys(keywords).length > 0) metas.push({ [KEYWORDS]: keywords });
  }
  if (metas.length > 0) node.metas = [...(node.metas ?? []), ...metas];
}

/** Object-level rules (and/or/xor/oxor, minimum field count, custom checks) in words. */
export const describeRules = (schema: Joi.Schema): string[] => describeObjectRules(schema.describe() as Desc);

function describeObjectRules(desc: Desc): string[] {
  const sentences: string[] = [];
  const list = (peers: string[] = []) => peers.map((p) => `\`${p}\``).join(', ');
  for (const dep of desc.dependencies ?? []) {
    switch (dep.rel) {
      case 'and':
        sentences.push(`${list(dep.peers)} must be sent together.`);
        break;
      case 'or':
        sentences.push(`At least one of ${list(dep.peers)} is required.`);
        break;
      case 'xor':
        sentences.push(`Exactly one of ${list(dep.peers)} is required.`);
        break;
      case 'oxor':
        sentences.push(`At most one of ${list(dep.peers)} may be sent.`);
        break;
      case 'nand':
        sentences.push(`${list(dep.peers)} may not all be sent together.`);
        break;
      case 'with':
        sentences.push(`\`${dep.key}\` needs ${list(dep.peers)}.`);
        break;
      case 'without':
        sentences.push(`\`${dep.key}\` excludes ${list(dep.peers)}.`);
        break;
      default:
        sentences.push(`Rule ${dep.rel} on ${list(dep.peers)}.`);
    }
  }
  const min = (desc.rules ?? []).find((r) => r.name === 'min');
  if (desc.type === 'object' && min && typeof min.args?.limit === 'number')
    sentences.push(`At least ${min.args.limit} field(s).`);
  const customs = (desc.rules ?? []).filter((r) => r.name === 'custom');
  if (customs.length > 0) sentences.push('Further cross-field checks apply (answered with 400 VALIDATION_ERROR).');
  return sentences;
}

/** Post-processing of joi-to-json's output: markers become references and keywords. */
function finish(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(finish);
  if (typeof value !== 'object' || value === null) return value;
  const node = value as JsonSchema;
  if (typeof node[REF] === 'string') {
    const ref = { $ref: `#/components/schemas/${node[REF]}` };
    return node[REF_NULLABLE] === true ? { anyOf: [ref, { type: 'null' }] } : ref;
  }
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === PROPERTY_NAMES || k === ADDITIONAL || k === CUSTOM_RULES || k === KEYWORDS) continue;
    out[k] = finish(v);
  }
  if (node[PROPERTY_NAMES] !== undefined) {
    out.propertyNames = node[PROPERTY_NAMES];
    out.additionalProperties = node[ADDITIONAL];
    if (out.properties && Object.keys(out.properties).length === 0) delete out.properties;
  }
  if (typeof node[KEYWORDS] === 'object' && node[KEYWORDS] !== null) Object.assign(out, node[KEYWORDS]);
  if (Array.isArray(node[CUSTOM_RULES])) {
    const note = `Also checked: ${(node[CUSTOM_RULES] as string[]).join('; ')}.`;
    out.description = typeof out.description === 'string' ? `${out.description} ${note}` : note;
  }
  if (
    Object.keys(out).length === 1 &&
    typeof out.not === 'object' &&
    out.not !== null &&
    Object.keys(out.not).length === 0
  ) {
    out.description = 'Not accepted here: sending it answers 400 VALIDATION_ERROR.';
  }
  return out;
}
