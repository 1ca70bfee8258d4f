// Command etcd is the etcd server that the pinned Kubernetes release depends on,
// built from the same module graph as kube-apiserver so the pair is the one
// Kubernetes itself tests together. It only hands over to etcd's own entry point.
package main

import (
	"os"

	"go.etcd.io/etcd/server/v3/etcdmain"
)

func main() {
	etcdmain.Main(os.Args)
}
