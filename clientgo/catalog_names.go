package main

import (
	"dev.informerbench/clientgo/internal/fixtures"
	"dev.informerbench/clientgo/internal/jmh"
)

// The names catalog.go and the harness use unqualified for what the internal packages hold.

// Policy and its values are JMH's (jmh.Policy), as the catalogue's Secondaries and the harness's own
// metrics write them.
type Policy = jmh.Policy

const (
	Avg      = jmh.Avg
	Sum      = jmh.Sum
	Min      = jmh.Min
	Harmonic = jmh.Harmonic
)

// ConfigMapName is the fixture's name of ConfigMap i (fixtures.ConfigMapName), as the catalogue's key
// order draws them.
func ConfigMapName(i int) string { return fixtures.ConfigMapName(i) }
