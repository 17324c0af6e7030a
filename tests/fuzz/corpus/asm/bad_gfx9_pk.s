v_pk_add_f16 v0, v1, v2
