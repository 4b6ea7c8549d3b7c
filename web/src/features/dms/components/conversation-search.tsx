import { DM_PAGE_TEXTS } from '@studium/protocol';
import { SearchInput } from '../../../components/ui/search-input';

/** 'Search users and groups...' with a clear button (spec §2). */
export function ConversationSearch({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <SearchInput
      value={value}
      onChange={onChange}
      placeholder={DM_PAGE_TEXTS.searchPlaceholder}
      label="Search users and groups"
    />
  );
}
