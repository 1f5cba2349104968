//go:build !purego

#include "textflag.h"

// func sweepRangeAVX2(dist *[8]uint64, seen *uint64, up *hArc, upOff *int32, lo, hi int)
TEXT ·sweepRangeAVX2(SB), NOSPLIT, $0-48
	MOVQ dist+0(FP), DI
	MOVQ seen+8(FP), SI
	MOVQ up+16(FP), R8
	MOVQ upOff+24(FP), R9
	MOVQ lo+32(FP), CX
	MOVQ hi+40(FP), DX
	VPCMPEQQ Y15, Y15, Y15 // all ones
	VPSLLQ $8, Y15, Y15    // ^0xFF: the move masked off
	MOVQ $0x40000000000000FF, AX // unreached
	MOVQ AX, X14
	VPBROADCASTQ X14, Y14

position:
	CMPQ CX, DX
	JGE done
	MOVQ CX, BX
	SHLQ $6, BX
	ADDQ DI, BX // &dist[p]
	MOVQ CX, AX
	SHRQ $6, AX
	MOVQ (SI)(AX*8), AX
	BTQ CX, AX // bit p%64 of seen[p/64]
	JCS seenrow
	VMOVDQA Y14, Y0
	VMOVDQA Y14, Y1
	JMP arcs

seenrow:
	VMOVDQU (BX), Y0
	VMOVDQU 32(BX), Y1

arcs:
	MOVLQSX (R9)(CX*4), R10  // upOff[p]
	MOVLQSX 4(R9)(CX*4), R11 // upOff[p+1]
	SHLQ $4, R10             // hArc is 16 bytes
	SHLQ $4, R11
	ADDQ R8, R10
	ADDQ R8, R11

arc:
	CMPQ R10, R11
	JGE store
	VPBROADCASTQ (R10), Y4 // val
	MOVLQSX 8(R10), R12    // at
	SHLQ $6, R12
	ADDQ DI, R12           // &dist[at]
	VPAND (R12), Y15, Y2
	VPAND 32(R12), Y15, Y3
	VPADDQ Y4, Y2, Y2
	VPADDQ Y4, Y3, Y3
	VPCMPGTQ Y2, Y0, Y5 // Y0 > Y2: packed walks stay below 2^63
	VPBLENDVB Y5, Y2, Y0, Y0
	VPCMPGTQ Y3, Y1, Y6
	VPBLENDVB Y6, Y3, Y1, Y1
	ADDQ $16, R10
	JMP arc

store:
	VMOVDQU Y0, (BX)
	VMOVDQU Y1, 32(BX)
	INCQ CX
	JMP position

done:
	VZEROUPPER
	RET

// func climbArcsAVX2(dist, from *[8]uint64, arcs *hArc, n int)
TEXT ·climbArcsAVX2(SB), NOSPLIT, $0-32
	MOVQ dist+0(FP), DI
	MOVQ from+8(FP), SI
	MOVQ arcs+16(FP), R8
	MOVQ n+24(FP), CX
	SHLQ $4, CX
	ADDQ R8, CX            // end of the arcs
	VPCMPEQQ Y15, Y15, Y15
	VPSLLQ $8, Y15, Y15    // ^0xFF
	VPAND (SI), Y15, Y6    // the node's columns, moves masked off
	VPAND 32(SI), Y15, Y7

arc:
	CMPQ R8, CX
	JGE done
	VPBROADCASTQ (R8), Y4 // val
	MOVLQSX 8(R8), R12    // at
	SHLQ $6, R12
	ADDQ DI, R12          // &dist[at]
	VPADDQ Y4, Y6, Y2
	VPADDQ Y4, Y7, Y3
	VMOVDQU (R12), Y0
	VMOVDQU 32(R12), Y1
	VPCMPGTQ Y2, Y0, Y5   // row > candidate: packed walks stay below 2^63
	VPBLENDVB Y5, Y2, Y0, Y0
	VPCMPGTQ Y3, Y1, Y5
	VPBLENDVB Y5, Y3, Y1, Y1
	VMOVDQU Y0, (R12)
	VMOVDQU Y1, 32(R12)
	ADDQ $16, R8
	JMP arc

done:
	VZEROUPPER
	RET

// func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL eaxArg+0(FP), AX
	MOVL ecxArg+4(FP), CX
	CPUID
	MOVL AX, eax+8(FP)
	MOVL BX, ebx+12(FP)
	MOVL CX, ecx+16(FP)
	MOVL DX, edx+20(FP)
	RET

// func xgetbv() (eax, edx uint32)
TEXT ·xgetbv(SB), NOSPLIT, $0-8
	MOVL $0, CX
	XGETBV
	MOVL AX, eax+0(FP)
	MOVL DX, edx+4(FP)
	RET
