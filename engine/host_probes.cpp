#include "host_probes.hpp"

namespace prune {

namespace {
HostProbes installed;  // none until a host installs them
}

void install_host_probes(const HostProbes& probes) { installed = probes; }
const HostProbes& installed_host_probes() { return installed; }

}  // namespace prune
