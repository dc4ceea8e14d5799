import { schemaProblem } from '../src/fakes/core/toolSchema';
import { describe, expect, test } from './support';

// What scripted arguments a model could not have produced under a tool's JSON schema. It refuses
// only what it understands, so it never refuses a call the SDK would take.

const strict = {
  type: 'object',
  properties: {
    city: { type: 'string' },
    unit: { type: 'string', enum: ['c', 'f'] },
    days: { type: 'integer' },
    ratio: { type: 'number' },
    live: { type: 'boolean' },
    note: { type: ['string', 'null'] },
    kind: { const: 'weather' },
    tags: { type: 'array', items: { type: 'string' } },
    where: { type: 'object', properties: { lat: { type: 'number' } }, additionalProperties: false },
    either: { anyOf: [{ type: 'string' }, { type: 'number' }] },
    one: { oneOf: [{ type: 'boolean' }, { type: 'null' }] },
  },
  required: ['city'],
  additionalProperties: false,
};

describe('schemaProblem', () => {
  test.each([
    ['every kind of value in its place', { city: 'Oslo', unit: 'c', days: 3, ratio: 0.5, live: true, note: null, kind: 'weather', tags: ['a'], where: { lat: 1 }, either: 2, one: null }],
    ['a missing key (strict schemas list optional keys as required too)', { unit: 'f' }],
    ['a string where either is allowed', { city: 'Oslo', either: 'x' }],
    ['an empty list', { city: 'Oslo', tags: [] }],
  ])('accepts %s', (_case, args) => {
    expect(schemaProblem(args, strict)).toBeUndefined();
  });

  test.each([
    ['a parameter the tool does not take', { town: 'Oslo' }, '"town" is not a parameter of the tool (it takes city, unit, days, ratio, live, note, kind, tags, where, either, one)'],
    ['a nested parameter the tool does not take', { city: 'Oslo', where: { lon: 1 } }, '"where.lon" is not a parameter of the tool (it takes lat)'],
    ['a number for a string', { city: 42 }, '"city" is the number 42, not string'],
    ['a value outside the enum', { city: 'Oslo', unit: 'k' }, '"unit" is "k", not one of "c", "f"'],
    ['a fraction for an integer', { city: 'Oslo', days: 1.5 }, '"days" is the number 1.5, not integer'],
    ['a string for a number', { city: 'Oslo', ratio: '0.5' }, '"ratio" is the string "0.5", not number'],
    ['a string for a boolean', { city: 'Oslo', live: 'yes' }, '"live" is the string "yes", not boolean'],
    ['a number where string or null is allowed', { city: 'Oslo', note: 5 }, '"note" is the number 5, not string or null'],
    ['another constant', { city: 'Oslo', kind: 'news' }, '"kind" is "news", not "weather"'],
    ['a list item of another type', { city: 'Oslo', tags: ['a', 2] }, '"tags[1]" is the number 2, not string'],
    ['an object for a list', { city: 'Oslo', tags: { a: 1 } }, '"tags" is an object, not array'],
    ['a list for an object', { city: 'Oslo', where: [1] }, '"where" is an array, not object'],
    ['null for an object', { city: 'Oslo', where: null }, '"where" is null, not object'],
    ['a value no alternative takes', { city: 'Oslo', either: true }, '"either" is the boolean true, not string'],
    ['a value no oneOf alternative takes', { city: 'Oslo', one: 'x' }, '"one" is the string "x", not boolean'],
  ])('refuses %s', (_case, args, problem) => {
    expect(schemaProblem(args, strict)).toBe(problem);
  });

  test('the arguments themselves, and what it does not understand', () => {
    expect(schemaProblem('x', { type: 'object' })).toBe('the arguments are the string "x", not object');
    expect(schemaProblem({ a: 1 }, { type: 'object', properties: {}, additionalProperties: false })).toBe('"a" is not a parameter of the tool (it takes none)');
    expect(schemaProblem({ a: 1 }, { type: 'object', properties: {} })).toBeUndefined(); // others allowed
    expect(schemaProblem({ a: 'x' }, { properties: { a: { type: 'number' } } })).toBe('"a" is the string "x", not number'); // an object schema without type
    expect(schemaProblem({ a: 'x' }, { type: 'object', properties: { a: { $ref: '#/defs/A' } } })).toBeUndefined();
    expect(schemaProblem({ a: 'x' }, { type: 'object', properties: { a: { type: 'uuid' } } })).toBeUndefined();
    expect(schemaProblem({ a: 'x' }, undefined)).toBeUndefined();
    expect(schemaProblem({ a: Infinity }, { type: 'object', properties: { a: { type: 'number' } } })).toBe('"a" is the number Infinity, not number');
  });
});
