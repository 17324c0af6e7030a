.globl k
k: s_endpgm
.amdgpu_metadata
---
amdhsa.kernels:
  - .kernarg_segment_size: 8
...
.end_amdgpu_metadata
