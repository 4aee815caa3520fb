//go:build !linux

package main

// adviseHuge does nothing where 2 MiB pages cannot be asked for.
func adviseHuge([]byte) {}

// warmHeap does nothing where 2 MiB pages cannot be asked for.
func warmHeap(int64) {}
