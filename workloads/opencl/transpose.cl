// transpose: out[x][y] = in[y][x] for a w x h row-major matrix (out is h x w), through a
// 16 x 16 LDS tile (padded by one column against bank conflicts) so both the global reads and
// the global writes are along rows. w and h must be multiples of 16; workgroup 16 x 16.
#define T 16
__kernel __attribute__((reqd_work_group_size(T, T, 1)))
void transpose(__global const float *in, __global float *out, uint w, uint h)
{
    __local float tile[T][T + 1];
    uint tx = get_local_id(0), ty = get_local_id(1);
    uint bx = get_group_id(0) * T, by = get_group_id(1) * T;
    tile[ty][tx] = in[(by + ty) * w + bx + tx];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[(bx + ty) * h + by + tx] = tile[tx][ty];
}
