s_sendmsg sendmsg(MSG_GS_DONE, GS_OP_NOP)
