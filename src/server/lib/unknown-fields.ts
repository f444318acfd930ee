/**
 * Request bodies name only fields their endpoint reads (docs/decisions/055-unknown-fields.md): a
 * field the input schema does not know, at any depth, is a 400 naming it ("scopes", or with its
 * path, "notify.extra"), where zod's objects would drop it silently. A caller who misspells a
 * field, or sends one an endpoint does not have, learns so instead of getting an answer made
 * without it.
 *
 * The shared schemas stay as they are (the client's forms validate with them); the server
 * parses bodies with a copy of each schema whose objects refuse keys they do not name (objects
 * that accept any key, z.looseObject or a catchall, keep doing so).
 */
import { z } from "zod";

type Def = Record<string, unknown> & { type: string };
type Schema = z.ZodType & { _zod: { def: Def }; clone(def: Def): z.ZodType };

const copies = new WeakMap<z.ZodType, z.ZodType>();

/** `def` with `changes` over it, keeping its getters (an object's shape is one) unread. */
function withChanges(def: Def, changes: Record<string, unknown>): Def {
  return Object.defineProperties({}, { ...Object.getOwnPropertyDescriptors(def), ...Object.getOwnPropertyDescriptors(changes) }) as Def;
}

/** `schema`, with every object in it (inside optional, nullable, default, arrays, records, unions, pipes…) refusing unknown keys. */
export function refusingUnknownFields<S extends z.ZodType>(schema: S): S {
  return strictCopy(schema) as S;
}

function strictCopy(schema: z.ZodType): z.ZodType {
  const known = copies.get(schema);
  if (known) return known;
  const s = schema as Schema;
  const def = s._zod.def;
  const inner = (key: string) => strictCopy(def[key] as z.ZodType);
  let copy: z.ZodType;
  switch (def.type) {
    case "object": {
      const shape = Object.fromEntries(Object.entries(def.shape as Record<string, z.ZodType>).map(([key, value]) => [key, strictCopy(value)]));
      copy = s.clone(withChanges(def, { shape, catchall: def.catchall ?? z.never() }));
      break;
    }
    case "optional": case "nullable": case "default": case "prefault": case "catch": case "readonly": case "nonoptional": case "promise":
      copy = s.clone(withChanges(def, { innerType: inner("innerType") }));
      break;
    case "pipe":
      copy = s.clone(withChanges(def, { in: inner("in"), out: inner("out") }));
      break;
    case "array":
      copy = s.clone(withChanges(def, { element: inner("element") }));
      break;
    case "record": case "set":
      copy = s.clone(withChanges(def, { valueType: inner("valueType") }));
      break;
    case "tuple":
      copy = s.clone(withChanges(def, { items: (def.items as z.ZodType[]).map(strictCopy), rest: def.rest ? inner("rest") : def.rest }));
      break;
    case "union":
      copy = s.clone(withChanges(def, { options: (def.options as z.ZodType[]).map(strictCopy) }));
      break;
    case "lazy": {
      const getter = def.getter as () => z.ZodType;
      copy = s.clone(withChanges(def, { getter: () => strictCopy(getter()) }));
      break;
    }
    default:
      // Strings, numbers, enums, transforms…; an intersection too, whose sides each name only
      // some of the keys.
      copy = schema;
  }
  copies.set(schema, copy);
  return copy;
}
