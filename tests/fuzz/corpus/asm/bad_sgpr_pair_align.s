s_mov_b64 s[1:2], s[4:5]
