/**
 * Input that cannot be read, saying where: `field` is a path in an upload
 * (`file:logs/x/report.json`) or a dotted key (`environment.cpus`), the
 * message what is wrong. The readers of environment inputs throw their own
 * subclasses of it; the API turns any of them into a 422 naming the field.
 * No I/O.
 */
export class InputError extends Error {
  // A plain field, not a parameter property: Node's type stripping (importTs) runs this file too.
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}
