// Loaded with `node --import` into a spawned server: its host clock runs BASKET_TEST_CLOCK_SHIFT_MS
// off the real time (Date.now() and new Date() without arguments), as a host whose clock is wrong.
const shift = Number(process.env.BASKET_TEST_CLOCK_SHIFT_MS ?? 0);
const RealDate = globalThis.Date;
class ShiftedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + shift);
    else super(...args);
  }
  static now() {
    return RealDate.now() + shift;
  }
}
globalThis.Date = ShiftedDate;
