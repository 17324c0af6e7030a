k: s_endpgm
.amdgpu_metadata
---
amdhsa.kernels:
  - .name: k
