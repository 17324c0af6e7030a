// blackscholes: European call and put prices (Black-Scholes), with exp, log and sqrt.
// The normal CDF uses the Abramowitz-Stegun polynomial (error < 7.5e-8).
static float cnd(float d)
{
    const float a1 = 0.31938153f, a2 = -0.356563782f, a3 = 1.781477937f, a4 = -1.821255978f,
                a5 = 1.330274429f, rsqrt2pi = 0.39894228040143267794f;
    float k = native_recip(1.0f + 0.2316419f * fabs(d));
    float c = rsqrt2pi * exp(-0.5f * d * d) * (k * (a1 + k * (a2 + k * (a3 + k * (a4 + k * a5)))));
    return d > 0.0f ? 1.0f - c : c;
}
__kernel void blackscholes(__global const float *S, __global const float *K, __global const float *T,
                           __global float *call, __global float *put, float r, float v, uint n)
{
    uint i = get_global_id(0);
    if (i >= n)
        return;
    float s = S[i], k = K[i], t = T[i];
    float sqrt_t = sqrt(t);
    float d1 = (log(s / k) + (r + 0.5f * v * v) * t) / (v * sqrt_t);
    float d2 = d1 - v * sqrt_t;
    float disc = exp(-r * t);
    call[i] = s * cnd(d1) - k * disc * cnd(d2);
    put[i] = k * disc * cnd(-d2) - s * cnd(-d1);
}
