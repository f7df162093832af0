"""The WGSL helper functions every shader of the wgpu device starts with.

NaN-aware min / max / sign, IEEE division, erf, numpy's float remainder and power,
f16 / bf16 <-> f32 conversions in integer arithmetic, saturating float -> integer
conversions and the integer division, remainder and power of the op set's rules
(:data:`PRELUDE`); :data:`PRELUDE_I64` adds the i64 ones where the adapter has 64-bit
integers (rlx.backends.wgpu.wgsl_values.use_int64).
"""

from __future__ import annotations

PRELUDE = """
fn rlx_isnan(x: f32) -> bool { return (bitcast<u32>(x) & 0x7fffffffu) > 0x7f800000u; }
fn rlx_isinf(x: f32) -> bool { return (bitcast<u32>(x) & 0x7fffffffu) == 0x7f800000u; }
fn rlx_max(a: f32, b: f32) -> f32 {
  if (rlx_isnan(a) || rlx_isnan(b)) { return a + b; }
  return max(a, b);
}
fn rlx_min(a: f32, b: f32) -> f32 {
  if (rlx_isnan(a) || rlx_isnan(b)) { return a + b; }
  return min(a, b);
}
// IEEE division: Vulkan leaves x / 0 undefined (lavapipe gives 0 / 0 = 0)
fn rlx_fdiv(a: f32, b: f32) -> f32 {
  if (b == 0.0) {
    if (a == 0.0 || rlx_isnan(a)) { return bitcast<f32>(0x7fc00000u); }
    let negative = (bitcast<u32>(a) ^ bitcast<u32>(b)) & 0x80000000u;
    return bitcast<f32>(0x7f800000u | negative);
  }
  return a / b;
}
fn rlx_relu(x: f32) -> f32 { return select(x, 0.0, x <= 0.0); }   // -0 gives +0
fn rlx_sign(x: f32) -> f32 {
  if (rlx_isnan(x)) { return x; }
  return select(select(0.0, 1.0, x > 0.0), -1.0, x < 0.0);
}
// tanh: its Taylor series below |x| = 0.25 (the builtin's absolute error, about 3e-8,
// gave tanh(1e-8) = 3e-8), the builtin above
fn rlx_tanh(x: f32) -> f32 {
  if (rlx_isnan(x) || x == 0.0) { return x; }              // -0 stays -0
  if (abs(x) < 0.25) {
    let z = x * x;
    return x + x * z * (-0.33333334 + z * (0.13333334 + z * (-0.053968254 + z * (0.021869488
        + z * (-0.008863236 + z * 0.0035921280)))));
  }
  return tanh(clamp(x, -16.0, 16.0));
}
// erf: the Taylor series below |x| = 0.5 (relative error under 1e-8 there), else
// 1 - erfc with Numerical Recipes' Chebyshev fit of erfc (relative error < 1.2e-7).
fn rlx_erf(x: f32) -> f32 {
  if (rlx_isnan(x)) { return x; }
  let a = abs(x);
  if (a < 0.5) {
    let z = x * x;
    let s = 1.0 + z * (-0.33333333 + z * (0.1 + z * (-0.023809524 + z * (0.0046296296
        - z * 0.00075757576))));
    return 1.1283791671 * x * s;
  }
  return sign(x) * (1.0 - rlx_erfc_pos(a));
}
fn rlx_erfc_pos(a: f32) -> f32 {
  if (a > 10.0) { return 0.0; }
  let t = 1.0 / (1.0 + 0.5 * a);
  let poly = -a * a - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418
      + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587
      + t * (-0.82215223 + t * 0.17087277))))))));
  return t * exp(poly);
}
// C's fmod, exact (a - n * b for n = trunc(a / b) is always a float): a long division
// of the significands, one bit per exponent step. a - b * trunc(a / b) in f32 lost
// every digit once a / b passed 2^24 (1e10 mod 3 gave 0) and overflowed past 3e38.
fn rlx_fmod_exact(a: f32, b: f32) -> f32 {
  let sign = bitcast<u32>(a) & 0x80000000u;
  let xa = bitcast<u32>(a) & 0x7fffffffu;
  let xb = bitcast<u32>(b) & 0x7fffffffu;
  if (xb == 0u || xa >= 0x7f800000u || xb > 0x7f800000u) { return bitcast<f32>(0x7fc00000u); }
  if (xa < xb) { return a; }                  // |a| < |b|, or b infinite
  if (xa == xb) { return bitcast<f32>(sign); }
  var ea = i32(xa >> 23u);
  var eb = i32(xb >> 23u);
  var ma = (xa & 0x7fffffu) | 0x800000u;
  var mb = (xb & 0x7fffffu) | 0x800000u;
  if (ea == 0) {                              // subnormal: normalise, lowering the exponent
    ma = xa;
    ea = 1;
    loop { if ((ma & 0x800000u) != 0u) { break; } ma = ma << 1u; ea = ea - 1; }
  }
  if (eb == 0) {
    mb = xb;
    eb = 1;
    loop { if ((mb & 0x800000u) != 0u) { break; } mb = mb << 1u; eb = eb - 1; }
  }
  loop {
    if (ma >= mb) { ma = ma - mb; }
    if (ma == 0u) { return bitcast<f32>(sign); }
    if (ea == eb) { break; }
    ma = ma << 1u;
    ea = ea - 1;
  }
  loop { if ((ma & 0x800000u) != 0u) { break; } ma = ma << 1u; ea = ea - 1; }
  if (ea > 0) { return bitcast<f32>(sign | (u32(ea) << 23u) | (ma & 0x7fffffu)); }
  return bitcast<f32>(sign | (ma >> u32(1 - ea)));      // a subnormal remainder
}
fn rlx_fmod(a: f32, b: f32) -> f32 {
  // numpy's remainder: the sign of the divisor, a zero result signed like b
  var r = a;
  if (!rlx_isinf(b) || rlx_isinf(a) || rlx_isnan(a)) { r = rlx_fmod_exact(a, b); }
  if (r == 0.0) { return select(0.0, bitcast<f32>(0x80000000u), b < 0.0); }
  if ((r < 0.0) != (b < 0.0)) { return r + b; }
  return r;
}
// numpy's / C's pow: every special value of C99 (F.9.4.4); integer exponents up to 64 by
// repeated squaring (the builtin, exp2(b * log2(a)), was 9 ulp off for x ** 2 and 122 for
// large results); others through the builtin on |a|
fn rlx_powf(a: f32, b: f32) -> f32 {
  if (b == 0.0 || a == 1.0) { return 1.0; }
  if (rlx_isnan(a) || rlx_isnan(b)) { return a + b; }
  let whole = b == trunc(b);
  let odd = whole && abs(b) < 16777216.0 && (i32(abs(b)) & 1) == 1;
  let inf = bitcast<f32>(0x7f800000u);
  if (rlx_isinf(b)) {
    if (abs(a) == 1.0) { return 1.0; }                    // (-1) ** +-inf
    return select(0.0, inf, (abs(a) > 1.0) == (b > 0.0));
  }
  let negative = (bitcast<u32>(a) & 0x80000000u) != 0u;   // -0 and -inf included
  if (a == 0.0 || rlx_isinf(a)) {
    let big = (a == 0.0) == (b < 0.0);                    // 0 ** -y and inf ** y
    let m = select(0.0, inf, big);
    return select(m, -m, negative && odd);
  }
  if (a < 0.0 && !whole) { return bitcast<f32>(0x7fc00000u); }
  var r = 1.0;
  if (whole && abs(b) <= 64.0) {
    var n = u32(abs(b));
    var base = abs(a);
    loop {
      if ((n & 1u) == 1u) { r = r * base; }
      n = n >> 1u;
      if (n == 0u) { break; }
      base = base * base;
    }
    if (b < 0.0) { r = 1.0 / r; }
  } else {
    r = pow(abs(a), b);
  }
  return select(r, -r, negative && odd);
}
// f16 / bf16 <-> f32 in integer arithmetic: exact, round to nearest-even, on every
// adapter (WGSL leaves the rounding of f32 -> f16 conversions to the implementation)
fn rlx_h2f(h: u32) -> f32 {
  let sign = (h & 0x8000u) << 16u;
  let e = (h >> 10u) & 0x1fu;
  let m = h & 0x3ffu;
  if (e == 0x1fu) { return bitcast<f32>(sign | 0x7f800000u | (m << 13u)); }
  if (e == 0u) {
    let v = f32(m) * 5.9604644775390625e-8;
    return select(v, -v, sign != 0u);
  }
  return bitcast<f32>(sign | ((e + 112u) << 23u) | (m << 13u));
}
fn rlx_f2h(x: f32) -> u32 {
  let b = bitcast<u32>(x);
  let sign = (b >> 16u) & 0x8000u;
  let a = b & 0x7fffffffu;
  if (a > 0x7f800000u) { return sign | 0x7e00u | ((a >> 13u) & 0x3ffu); }
  if (a >= 0x477ff000u) { return sign | 0x7c00u; }
  if (a >= 0x38800000u) {
    let r = a - 0x38000000u;
    return sign | ((r + 0xfffu + ((r >> 13u) & 1u)) >> 13u);
  }
  if (a <= 0x33000000u) { return sign; }
  let shift = 126u - (a >> 23u);
  let m = (a & 0x7fffffu) | 0x800000u;
  let q = m >> shift;
  let rest = m & ((1u << shift) - 1u);
  let half = 1u << (shift - 1u);
  return sign | (q + select(0u, 1u, rest > half || (rest == half && (q & 1u) == 1u)));
}
fn rlx_b2f(h: u32) -> f32 { return bitcast<f32>(h << 16u); }
fn rlx_f2b(x: f32) -> u32 {
  let b = bitcast<u32>(x);
  if ((b & 0x7fffffffu) > 0x7f800000u) { return (b >> 16u) | 0x40u; }
  return (b + 0x7fffu + ((b >> 16u) & 1u)) >> 16u;
}
fn rlx_round_h(x: f32) -> f32 { return rlx_h2f(rlx_f2h(x)); }
fn rlx_round_b(x: f32) -> f32 { return rlx_b2f(rlx_f2b(x)); }
// an integer magnitude as f32 rounded to odd, so that rounding it again to f16 / bf16
// rounds the integer once
fn rlx_u2f_odd(u: u32) -> f32 {
  if (u < 16777216u) { return f32(u); }
  let shift = firstLeadingBit(u) - 23u;
  let q = (u >> shift) | select(0u, 1u, (u & ((1u << shift) - 1u)) != 0u);
  return ldexp(f32(q), i32(shift));
}
fn rlx_i2f_odd(i: i32) -> f32 {
  let m = rlx_u2f_odd(select(u32(i), 0u - bitcast<u32>(i), i < 0));
  return select(m, -m, i < 0);
}
fn rlx_cmp_ui(u: u32, i: i32) -> i32 {
  if (i < 0 || u > u32(i)) { return 1; }
  return select(0, -1, u < u32(i));
}
fn rlx_f2i(x: f32) -> i32 {
  if (rlx_isnan(x)) { return 0; }
  if (x >= 2147483648.0) { return 2147483647; }
  if (x < -2147483648.0) { return -2147483647 - 1; }
  return i32(x);
}
fn rlx_f2u(x: f32) -> u32 {
  if (rlx_isnan(x) || x <= -1.0) { return 0u; }
  if (x >= 4294967296.0) { return 4294967295u; }
  return u32(max(x, 0.0));
}
"""


def _integer_helpers(name: str, t: str, suffix: str, signed: bool) -> str:
    """WGSL division, remainder and power of integer type ``t`` (literals ``0{suffix}``)
    with the op set's rules: x / 0 and x % 0 give 0, MIN / -1 wraps, the remainder takes
    the divisor's sign, and a negative power truncates 1 / a**-b."""
    zero, one = f"0{suffix}", f"1{suffix}"
    signed_cases = f"""
  if (b == -{one}) {{ return {zero} - a; }}""" if signed else ""
    negative_power = f"""
  if (b < {zero}) {{
    if (a == {one}) {{ return {one}; }}
    if (a == -{one}) {{ return select(-{one}, {one}, (b & {one}) == {zero}); }}
    return {zero};
  }}""" if signed else ""
    remainder_sign = f"""
  if (b == -{one}) {{ return {zero}; }}
  let r = a % b;
  if (r != {zero} && ((r < {zero}) != (b < {zero}))) {{ return r + b; }}
  return r;""" if signed else """
  return a % b;"""
    return f"""
fn rlx_{name}div(a: {t}, b: {t}) -> {t} {{
  if (b == {zero}) {{ return {zero}; }}{signed_cases}
  return a / b;
}}
fn rlx_{name}mod(a: {t}, b: {t}) -> {t} {{
  if (b == {zero}) {{ return {zero}; }}{remainder_sign}
}}
fn rlx_{name}pow(a: {t}, b: {t}) -> {t} {{{negative_power}
  var r = {one}; var base = a; var e = b;
  loop {{
    if (e == {zero}) {{ break; }}
    if ((e & {one}) == {one}) {{ r = r * base; }}
    base = base * base; e = e >> 1u;
  }}
  return r;
}}"""


PRELUDE += _integer_helpers("i", "i32", "", True) + _integer_helpers("u", "u32", "u", False)

PRELUDE_I64 = _integer_helpers("l", "i64", "li", True) + """
fn rlx_u2l(x: u32) -> i64 { return i64(x) & 0xffffffffli; }
fn rlx_i2l(x: i32) -> i64 {
  let z = i64(bitcast<u32>(x)) & 0xffffffffli;
  return select(z, z - 4294967296li, x < 0);
}
fn rlx_l2f_odd(x: i64) -> f32 {
  let a = select(bitcast<u64>(x), 0lu - bitcast<u64>(x), x < 0li);
  var m = 0.0;
  if ((a >> 32u) == 0lu) {
    m = rlx_u2f_odd(u32(a));
  } else {
    let shift = firstLeadingBit(u32(a >> 32u)) + 1u;
    let t = u32(a >> shift) | select(0u, 1u, (a & ((1lu << shift) - 1lu)) != 0lu);
    m = ldexp(rlx_u2f_odd(t), i32(shift));
  }
  return select(m, -m, x < 0li);
}
fn rlx_f2l(x: f32) -> i64 {
  if (rlx_isnan(x)) { return 0li; }
  if (x >= 9223372036854775808.0) { return 9223372036854775807li; }
  if (x < -9223372036854775808.0) { return -9223372036854775807li - 1li; }
  return i64(x);
}
"""
