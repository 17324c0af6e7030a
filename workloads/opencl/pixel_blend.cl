// pixel_blend: 8-bit RGBA pixels (uchar4) of two images blended with a per-pixel ushort weight,
// the arithmetic in 16 bits: out = (a * w + b * (256 - w)) >> 8 per channel.

__kernel void pixel_blend(__global const uchar4 *a, __global const uchar4 *b, __global const ushort *w,
                          __global uchar4 *out, uint n)
{
    uint i = get_global_id(0);
    if (i >= n)
        return;
    uchar4 x = a[i], y = b[i];
    ushort wa = w[i] & 255, wb = (ushort)(256 - wa);
    uchar4 r;
    r.x = (uchar)(((ushort)x.x * wa + (ushort)y.x * wb) >> 8);
    r.y = (uchar)(((ushort)x.y * wa + (ushort)y.y * wb) >> 8);
    r.z = (uchar)(((ushort)x.z * wa + (ushort)y.z * wb) >> 8);
    r.w = (uchar)(((ushort)x.w * wa + (ushort)y.w * wb) >> 8);
    out[i] = r;
}
