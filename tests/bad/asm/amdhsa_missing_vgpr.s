.amdhsa_kernel k
  .amdhsa_next_free_sgpr 8
.end_amdhsa_kernel
k: s_endpgm
