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

// CONVERT writes column j, in register C, of the block of eight nodes
// from x (CX): first moves at firsts[j][x:], DistOctile16 words at
// octs[j][4x:]. Clobbers Z0-Z4, K1, R10, R11.
#define CONVERT(C, j) \
	MOVQ (j*8)(R8), R10 \
	MOVQ (j*8)(R9), R11 \
	VPMOVQB C, X4 \
	MOVQ X4, (R10)(CX*1) \
	VPSRLQ $8, C, Z0 \
	VPMULLQ Z16, Z0, Z1 \
	VPANDQ Z18, Z1, Z1 \
	VPMULLQ Z17, Z1, Z2 \
	VPSUBQ Z2, Z0, Z2 \
	VPSRLQ $34, Z2, Z2 \
	VPSLLQ $16, Z1, Z1 \
	VPORQ Z1, Z2, Z2 \
	VPCMPUQ $5, Z19, C, K1 \
	VMOVDQA64 Z20, K1, Z2 \
	VPMOVQD Z2, Y3 \
	VMOVDQU Y3, (R11)(CX*4)

// LOADROW loads the sweep's row of node x+i into register R.
#define LOADROW(i, R) \
	MOVLQSX (i*4)(SI)(CX*4), AX \
	SHLQ $6, AX \
	VMOVDQU64 (DI)(AX*1), R

// func putOctilesAVX512(dist *[8]uint64, pos *int32, n int, firsts, octs *[8]*byte)
TEXT ·putOctilesAVX512(SB), NOSPLIT, $0-40
	MOVQ dist+0(FP), DI
	MOVQ pos+8(FP), SI
	MOVQ n+16(FP), DX
	MOVQ firsts+24(FP), R8
	MOVQ octs+32(FP), R9
	MOVQ $0x2ba43004256d425f, AX // octileTInv
	VPBROADCASTQ AX, Z16
	MOVQ $24296003999, AX        // octileT
	VPBROADCASTQ AX, Z17
	MOVQ $0x3FFFFFFFF, AX        // octileS-1
	VPBROADCASTQ AX, Z18
	MOVQ $0x4000000000000000, AX // unreached with its move masked off
	VPBROADCASTQ AX, Z19
	MOVQ $0xFFFFFFFF, AX         // the word of an unreachable pair
	VPBROADCASTQ AX, Z20
	XORQ CX, CX

block:
	CMPQ CX, DX
	JGE done
	LOADROW(0, Z0)
	LOADROW(1, Z1)
	LOADROW(2, Z2)
	LOADROW(3, Z3)
	LOADROW(4, Z4)
	LOADROW(5, Z5)
	LOADROW(6, Z6)
	LOADROW(7, Z7)
	// Transpose: rows of nodes to columns of rows.
	VPUNPCKLQDQ Z1, Z0, Z8
	VPUNPCKHQDQ Z1, Z0, Z9
	VPUNPCKLQDQ Z3, Z2, Z10
	VPUNPCKHQDQ Z3, Z2, Z11
	VPUNPCKLQDQ Z5, Z4, Z12
	VPUNPCKHQDQ Z5, Z4, Z13
	VPUNPCKLQDQ Z7, Z6, Z14
	VPUNPCKHQDQ Z7, Z6, Z15
	VSHUFI64X2 $0x88, Z10, Z8, Z24
	VSHUFI64X2 $0xDD, Z10, Z8, Z25
	VSHUFI64X2 $0x88, Z14, Z12, Z26
	VSHUFI64X2 $0xDD, Z14, Z12, Z27
	VSHUFI64X2 $0x88, Z11, Z9, Z28
	VSHUFI64X2 $0xDD, Z11, Z9, Z29
	VSHUFI64X2 $0x88, Z15, Z13, Z30
	VSHUFI64X2 $0xDD, Z15, Z13, Z31
	VSHUFI64X2 $0x88, Z26, Z24, Z8
	VSHUFI64X2 $0xDD, Z26, Z24, Z12
	VSHUFI64X2 $0x88, Z27, Z25, Z10
	VSHUFI64X2 $0xDD, Z27, Z25, Z14
	VSHUFI64X2 $0x88, Z30, Z28, Z9
	VSHUFI64X2 $0xDD, Z30, Z28, Z13
	VSHUFI64X2 $0x88, Z31, Z29, Z11
	VSHUFI64X2 $0xDD, Z31, Z29, Z15
	CONVERT(Z8, 0)
	CONVERT(Z9, 1)
	CONVERT(Z10, 2)
	CONVERT(Z11, 3)
	CONVERT(Z12, 4)
	CONVERT(Z13, 5)
	CONVERT(Z14, 6)
	CONVERT(Z15, 7)
	ADDQ $8, CX
	JMP block

done:
	VZEROUPPER
	RET
