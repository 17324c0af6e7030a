.globl 5
