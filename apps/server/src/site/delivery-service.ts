import type { Locale } from '@backoffice/shared';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { partnerLangs, partners, textLangs, textPositionLinks, textPositions, texts } from '../db/schema.js';
import { publishedAt } from './service.js';

/** A published partner in `locale`: title, text, web address and logo. */
export interface SitePartner {
  id: number;
  title: string;
  content: string;
  url: string;
  image: string | null;
  imageAlt: string;
}

/** The published partners in `locale`, by `order` then id (as the admin orders them). */
export function publishedPartners(db: Db, locale: Locale, now = new Date()): Promise<SitePartner[]> {
  return db
    .select({
      id: partners.id,
      title: partnerLangs.title,
      content: partnerLangs.content,
      url: partnerLangs.url,
      image: partners.image,
      imageAlt: partnerLangs.image_alt,
    })
    .from(partners)
    .innerJoin(partnerLangs, and(eq(partnerLangs.partner_id, partners.id), eq(partnerLangs.language_code, locale)))
    .where(publishedAt(partners, now))
    .orderBy(asc(partners.order), asc(partners.id));
}

/** The shown texts (status on, not removed) at the position titled `position`, in `locale`, by id. */
export function textsAt(db: Db, locale: Locale, position: string) {
  return db
    .select({ id: texts.id, title: textLangs.title, content: textLangs.content })
    .from(texts)
    .innerJoin(textPositionLinks, eq(textPositionLinks.text_id, texts.id))
    .innerJoin(textPositions, eq(textPositions.id, textPositionLinks.position_id))
    .innerJoin(textLangs, and(eq(textLangs.text_id, texts.id), eq(textLangs.language_code, locale)))
    .where(and(eq(textPositions.title, position), eq(texts.status, true), isNull(texts.deleted_at)))
    .orderBy(asc(texts.id));
}
