/* Bitonic sort in global memory, one compare-exchange per work-item: the host runs it for
 * stage = 0 .. log2(n) - 1 and, inside, pass = 0 .. stage, on n / 2 work-items (as AMD's APP SDK
 * BitonicSort sample and MGPUSim's bitonic sort do). Sorts ascending. */
__kernel void bitonic_sort(__global uint *keys, const uint stage, const uint pass)
{
    uint i = get_global_id(0);
    uint pair_distance = 1u << (stage - pass);
    uint block_width = 2 * pair_distance;
    uint left = (i % pair_distance) + (i / pair_distance) * block_width;
    uint right = left + pair_distance;
    /* Blocks of 2^(stage + 1) keys alternate between ascending and descending order. */
    bool ascending = ((i >> stage) & 1u) == 0;
    uint a = keys[left], b = keys[right];
    uint lo = min(a, b), hi = max(a, b);
    keys[left] = ascending ? lo : hi;
    keys[right] = ascending ? hi : lo;
}
