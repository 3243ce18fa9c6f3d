// Validates a value against the JSON Schema subset that target.schema.json uses, stopping at the first problem
// with one readable line (exit status 2 needs one line). The schema's `title` is the noun phrase of each message
// ("keys.enterpriseLive must be a non-empty string"). A keyword outside the subset is a programming error, so a
// schema edit cannot be silently ignored by the suite while editors enforce it.

export interface SchemaNode {
  readonly $ref?: string;
  readonly type?: 'object' | 'array' | 'string' | 'number' | 'boolean';
  readonly title?: string;
  readonly properties?: Readonly<Record<string, SchemaNode>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: SchemaNode | false;
  readonly propertyNames?: SchemaNode;
  readonly items?: SchemaNode;
  readonly minItems?: number;
  readonly enum?: readonly unknown[];
  readonly anyOf?: readonly SchemaNode[];
  readonly pattern?: string;
  readonly exclusiveMinimum?: number;
  readonly maximum?: number;
  readonly $defs?: Readonly<Record<string, SchemaNode>>;
}

/** Keywords the checker enforces, and annotations it may skip (editors show them). */
const ENFORCED = new Set([
  '$ref',
  'type',
  'properties',
  'required',
  'additionalProperties',
  'propertyNames',
  'items',
  'minItems',
  'enum',
  'anyOf',
  'pattern',
  'exclusiveMinimum',
  'maximum',
]);
const ANNOTATIONS = new Set(['$schema', '$id', '$defs', '$comment', 'title', 'description', 'default', 'examples']);

export class SchemaViolation extends Error {
  override readonly name = 'SchemaViolation';
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const TYPE_NOUN: Record<NonNullable<SchemaNode['type']>, string> = {
  object: 'an object',
  array: 'an array',
  string: 'a string',
  number: 'a number',
  boolean: 'a boolean',
};

function hasType(value: unknown, type: NonNullable<SchemaNode['type']>): boolean {
  switch (type) {
    case 'object':
      return isObject(value);
    case 'array':
      return Array.isArray(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    default:
      return typeof value === type;
  }
}

function child(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path === '' ? key : `${path}.${key}`;
}

export class SchemaChecker {
  constructor(private readonly root: SchemaNode) {
    this.assertSupported(root, '#');
  }

  /** Throws SchemaViolation naming the first problem: "<path> must be <title>" (path empty at the root). */
  check(value: unknown): void {
    this.visit(value, this.root, '');
  }

  /** Names of the root's declared properties (a file's other top-level fields are typos worth a warning). */
  rootProperties(): readonly string[] {
    return Object.keys(this.resolve(this.root).properties ?? {});
  }

  private assertSupported(node: SchemaNode, where: string): void {
    for (const [keyword, value] of Object.entries(node)) {
      if (!ENFORCED.has(keyword) && !ANNOTATIONS.has(keyword))
        throw new Error(`target schema: keyword "${keyword}" at ${where} is not supported by the suite's checker`);
      if (keyword === 'properties' || keyword === '$defs')
        for (const [name, sub] of Object.entries(value as Record<string, SchemaNode>))
          this.assertSupported(sub, `${where}/${keyword}/${name}`);
      if ((keyword === 'additionalProperties' && value !== false) || keyword === 'items' || keyword === 'propertyNames')
        this.assertSupported(value as SchemaNode, `${where}/${keyword}`);
      if (keyword === 'anyOf')
        (value as SchemaNode[]).forEach((sub, i) => this.assertSupported(sub, `${where}/anyOf/${i}`));
    }
  }

  /** A `$ref` (local, #/$defs/NAME) with its sibling keywords laid over the definition. */
  private resolve(node: SchemaNode): SchemaNode {
    if (node.$ref === undefined) return node;
    const match = /^#\/\$defs\/(.+)$/.exec(node.$ref);
    const target = match?.[1] !== undefined ? this.root.$defs?.[match[1]] : undefined;
    if (target === undefined) throw new Error(`target schema: cannot resolve ${node.$ref}`);
    return { ...this.resolve(target), ...node, $ref: undefined };
  }

  private violation(path: string, problem: string): SchemaViolation {
    return new SchemaViolation(path === '' ? problem : `${path} ${problem}`);
  }

  private visit(value: unknown, raw: SchemaNode, path: string): void {
    const node = this.resolve(raw);
    const mustBe = (fallback: string): SchemaViolation => this.violation(path, `must be ${node.title ?? fallback}`);
    if (node.type !== undefined && !hasType(value, node.type)) throw mustBe(TYPE_NOUN[node.type]);
    if (node.enum !== undefined && !node.enum.includes(value))
      throw mustBe(`one of ${node.enum.map((v) => JSON.stringify(v)).join(', ')}`);
    if (node.anyOf !== undefined && !node.anyOf.some((sub) => this.matches(value, sub)))
      throw mustBe(`one of ${node.anyOf.length} allowed forms`);
    if (typeof value === 'string' && node.pattern !== undefined && !new RegExp(node.pattern, 'u').test(value))
      throw mustBe(`a string matching ${node.pattern}`);
    if (typeof value === 'number') {
      if (node.exclusiveMinimum !== undefined && !(value > node.exclusiveMinimum))
        throw mustBe(`greater than ${node.exclusiveMinimum}`);
      if (node.maximum !== undefined && value > node.maximum) throw mustBe(`at most ${node.maximum}`);
    }
    if (Array.isArray(value)) {
      if (node.minItems !== undefined && value.length < node.minItems) throw mustBe(`at least ${node.minItems} items`);
      const items = node.items;
      if (items !== undefined) value.forEach((item: unknown, i) => this.visit(item, items, child(path, i)));
    }
    if (isObject(value)) this.visitObject(value, node, path);
  }

  private visitObject(value: Json, node: SchemaNode, path: string): void {
    for (const name of node.required ?? [])
      if (value[name] === undefined) throw this.violation(child(path, name), 'is required');
    const properties = node.properties ?? {};
    for (const [name, item] of Object.entries(value)) {
      if (node.propertyNames !== undefined && !this.matches(name, node.propertyNames))
        throw this.violation(
          child(path, name),
          `is not ${this.resolve(node.propertyNames).title ?? 'an allowed name'}`,
        );
      const declared = properties[name];
      if (declared !== undefined) this.visit(item, declared, child(path, name));
      else if (node.additionalProperties === false)
        throw this.violation(child(path, name), `is not one of ${Object.keys(properties).join(', ')}`);
      else if (node.additionalProperties !== undefined) this.visit(item, node.additionalProperties, child(path, name));
    }
  }

  private matches(value: unknown, node: SchemaNode): boolean {
    try {
      this.visit(value, node, '');
      return true;
    } catch (error) {
      if (error instanceof SchemaViolation) return false;
      throw error;
    }
  }
}
