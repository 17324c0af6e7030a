k:
  s_branch end
  s_endpgm
end:
