s_branch -lbl
lbl: s_endpgm
