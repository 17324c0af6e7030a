k: s_endpgm
.amdgpu_metadata
---
amdhsa.kernels:
  - .name: other
    .kernarg_segment_size: 8
...
.end_amdgpu_metadata
