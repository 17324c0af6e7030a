// spmv: y = A * x for a sparse matrix in CSR form (row_ptr, col, val), one work-item per row.
__kernel void spmv(__global const uint *row_ptr, __global const uint *col, __global const float *val,
                   __global const float *x, __global float *y, uint rows)
{
    uint r = get_global_id(0);
    if (r >= rows)
        return;
    float sum = 0.0f;
    for (uint j = row_ptr[r]; j < row_ptr[r + 1]; j++)
        sum += val[j] * x[col[j]];
    y[r] = sum;
}
