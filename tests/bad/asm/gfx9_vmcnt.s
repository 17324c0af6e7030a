.amdgcn_target "amdgcn-amd-amdhsa--gfx906"
  s_waitcnt vmcnt(64)
