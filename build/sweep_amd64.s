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

// func sweepRangeAVX512(dist *[8]uint64, seen *uint64, up *hArc, upOff *int32, lo, hi int)
TEXT ·sweepRangeAVX512(SB), NOSPLIT, $0-48
	MOVQ dist+0(FP), DI
	MOVQ seen+8(FP), SI
	MOVQ up+16(FP), R8
	MOVQ upOff+24(FP), R9
	MOVQ lo+32(FP), CX
	MOVQ hi+40(FP), DX
	MOVQ $0xFFFFFFFFFFFFFF00, AX // ^0xFF: the move masked off
	VPBROADCASTQ AX, Z15
	MOVQ $0x40000000000000FF, AX // unreached
	VPBROADCASTQ AX, Z14

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
	VMOVDQA64 Z14, Z0
	JMP arcs

seenrow:
	VMOVDQU64 (BX), Z0

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
	VPBROADCASTQ (R10), Z4 // val
	MOVLQSX 8(R10), R12    // at
	SHLQ $6, R12
	ADDQ DI, R12           // &dist[at]
	VPANDQ (R12), Z15, Z2
	VPADDQ Z4, Z2, Z2
	VPMINSQ Z2, Z0, Z0 // packed walks stay below 2^63
	ADDQ $16, R10
	JMP arc

store:
	VMOVDQU64 Z0, (BX)
	INCQ CX
	JMP position

done:
	VZEROUPPER
	RET

// func climbAVX512(dist *[8]uint64, seen, climb *uint64, down *hArc, downOff *int32, top, lo int)
TEXT ·climbAVX512(SB), NOSPLIT, $0-56
	MOVQ dist+0(FP), DI
	MOVQ seen+8(FP), R9
	MOVQ climb+16(FP), R10
	MOVQ down+24(FP), R14
	MOVQ downOff+32(FP), R15
	MOVQ top+40(FP), DX
	SHRQ $6, DX            // word of the highest position
	MOVQ lo+48(FP), SI
	SHRQ $6, SI            // word of the lowest
	MOVQ $0xFFFFFFFFFFFFFF00, AX
	VPBROADCASTQ AX, Z15   // ^0xFF
	MOVQ $0x40000000000000FF, AX
	VPBROADCASTQ AX, Z14   // unreached

word:
	CMPQ DX, SI
	JLT done

pop:
	MOVQ (R10)(DX*8), AX
	TESTQ AX, AX
	JZ nextword
	BSRQ AX, BX
	BTRQ BX, AX
	MOVQ AX, (R10)(DX*8)   // y leaves the climb
	MOVQ DX, CX
	SHLQ $6, CX
	ADDQ BX, CX            // y
	MOVLQSX (R15)(CX*4), R8  // downOff[y]
	MOVLQSX 4(R15)(CX*4), R11 // downOff[y+1]
	CMPQ R8, R11
	JGE pop
	SHLQ $4, R8            // hArc is 16 bytes
	SHLQ $4, R11
	ADDQ R14, R8
	ADDQ R14, R11
	SHLQ $6, CX
	VPANDQ (DI)(CX*1), Z15, Z6 // y's columns, moves masked off

arc:
	VPBROADCASTQ (R8), Z4  // val
	MOVLQSX 8(R8), R12     // at
	MOVQ R12, R13
	SHRQ $6, R13           // its word
	MOVQ (R10)(R13*8), AX
	BTSQ R12, AX
	MOVQ AX, (R10)(R13*8)  // at joins the climb
	MOVQ R12, BX
	SHLQ $6, BX
	ADDQ DI, BX            // &dist[at]
	VPADDQ Z4, Z6, Z2
	MOVQ (R9)(R13*8), AX
	BTSQ R12, AX
	JCS reached
	MOVQ AX, (R9)(R13*8)   // first reached: its row starts unreached
	VPMINSQ Z14, Z2, Z0
	JMP store

reached:
	VPMINSQ (BX), Z2, Z0   // packed walks stay below 2^63

store:
	VMOVDQU64 Z0, (BX)
	ADDQ $16, R8
	CMPQ R8, R11
	JLT arc
	JMP pop

nextword:
	DECQ DX
	JMP word

done:
	VZEROUPPER
	RET
