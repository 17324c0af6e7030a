// stencil3x3: out = 0.5 * centre + 0.0625 * (sum of the 8 neighbours), clamp-to-edge borders.
__kernel void stencil3x3(__global const float *in, __global float *out, uint w, uint h)
{
    int x = get_global_id(0), y = get_global_id(1);
    if (x >= (int)w || y >= (int)h)
        return;
    float s = 0.0f;
    for (int dy = -1; dy <= 1; dy++) {
        for (int dx = -1; dx <= 1; dx++) {
            if (dx == 0 && dy == 0)
                continue;
            int xx = clamp(x + dx, 0, (int)w - 1), yy = clamp(y + dy, 0, (int)h - 1);
            s += in[yy * (int)w + xx];
        }
    }
    out[y * (int)w + x] = 0.5f * in[y * (int)w + x] + 0.0625f * s;
}
