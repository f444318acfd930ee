import { Button, HStack, Text } from "@chakra-ui/react";
import type { SystemStyleObject } from "@chakra-ui/react";
import { formatCount, pluralNoun, type Noun } from "../lib/text-format.ts";

interface ShowMoreProps {
  shown: number;
  total: number;
  /** What the rows are, for "Showing 50 of 619 TLDs". */
  noun: Noun;
  /** The next rows are still on their way. */
  loading: boolean;
  /** Asks for more rows; a table passes its own optional callback on as it is. */
  onShowMore?: (() => void) | undefined;
  mt?: SystemStyleObject["mt"];
}

/** Under a table that grows a step at a time: how much of it shows, and Show more. */
export function ShowMore({ shown, total, noun, loading, onShowMore, mt }: ShowMoreProps) {
  return (
    <HStack justify="center" gap="3" mt={mt}>
      <Text fontSize="sm" color="fg.muted">
        {`Showing ${formatCount(shown)} of ${formatCount(total)} ${pluralNoun(total, noun)}`}
      </Text>
      <Button size="sm" variant="outline" loading={loading} onClick={onShowMore}>
        Show more
      </Button>
    </HStack>
  );
}
