.globl k
k: s_endpgm
.amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - .offset: x
        .size: 8
    .name: k
...
.end_amdgpu_metadata
