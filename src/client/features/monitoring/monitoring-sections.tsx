import { Spinner, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc.ts";
import { CertificatesSection } from "./certificates-section.tsx";
import { DnsSection } from "./dns-section.tsx";

/** A portfolio entry's certificate and DNS sections, refreshed every 15 s so a queued check shows up. */
export function MonitoringSections({ domainId }: { domainId: number }) {
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.monitoring.get.queryOptions({ id: domainId }), refetchInterval: 15_000 });
  if (query.isPending) return <Spinner aria-label="Loading the certificates and DNS" />;
  if (query.isError) return <Text role="alert">{query.error.message}</Text>;
  return (
    <Stack gap="8">
      <CertificatesSection view={query.data} />
      <DnsSection view={query.data} />
    </Stack>
  );
}
